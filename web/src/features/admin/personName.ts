// How the administration names a person: first name and name, else the login (an account without an employee).
export function personName(person: { firstName?: string | null; name?: string | null; login: string }): string {
  return [person.firstName, person.name].filter((part) => part?.trim()).join(' ') || person.login;
}

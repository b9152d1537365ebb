// People as the app names them.

/** An employee's name as the app shows it: first name and name. The visit list says the same in SQL (visitList.ts). */
export const employeeName = (e: { firstName: string | null; name: string | null }) => [e.firstName, e.name].filter(Boolean).join(' ');

// What the overview's sections share: today's date as the period starts from it, and a count as Belgians write it.
export const today = () => new Date().toLocaleDateString('sv-SE');
export const count = (n: number) => n.toLocaleString('nl-BE');

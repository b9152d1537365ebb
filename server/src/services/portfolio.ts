// A rep's portfolio, said once: the shops assigned to her, and the shops she visited in the two years before a day.
// Te bezoeken (appointments.ts) reads one rep's, the overview's coverage (overview.ts) the team's; both ask here.
import { sql, type SQL } from 'drizzle-orm';

/** Whether a visit on `visitDate` (a column) keeps its shop in its rep's portfolio as of `asOf` ('YYYY-MM-DD'). */
export const visitKeepsInPortfolio = (visitDate: SQL, asOf: string) => sql`${visitDate} > (${asOf}::date - interval '2 years')`;

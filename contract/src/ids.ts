// A database id as a path, query or body names it.
import { z } from 'zod';

export const id = z.coerce.number().int().positive().max(2147483647);
export const idParam = z.object({ id });

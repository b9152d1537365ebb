// Route ids must be whole numbers; anything else goes to /404 (spec §2).
import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import { routeId } from './routeId';

export function NumericParams({ names, children }: { names: string[]; children: ReactNode }) {
  const params = useParams();
  const valid = names.every((n) => routeId(params[n]) !== undefined);
  return valid ? <>{children}</> : <Navigate to="/404" replace />;
}

/** The numeric route params, once NumericParams has checked them. */
export function useNumericParam(name: string): number {
  return Number(useParams()[name]);
}

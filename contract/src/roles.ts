// The roles and what they may see, free of zod so a screen's chunk can ask without the schemas.

export const ROLES = ['medewerker', 'manager', 'beheerder'] as const;

/** Who may see the whole team's work (the overview, contact persons in its exports); a rep sees her own. */
export const TEAM_ROLES = ['manager', 'beheerder'] as const;

/** Whether roles (a session's) include one that sees the team. */
export const seesTheTeam = (roles: readonly string[] | undefined): boolean =>
  (roles ?? []).some((r) => (TEAM_ROLES as readonly string[]).includes(r));

/** Whether a database URL names PostgreSQL (`postgres://…` or `postgresql://…`); anything else is SQLite's or refused. */
export function isPostgresUrl(url: string): boolean {
  return url.startsWith('postgres://') || url.startsWith('postgresql://');
}

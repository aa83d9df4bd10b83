/** What a failed file operation reports to a person: its code (`ENOENT`, `EACCES`) when Node gives one. */
export const fileErrorCode = (error: unknown) => (error as NodeJS.ErrnoException).code ?? String(error);

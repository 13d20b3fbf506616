/** A vote as the staff's CSV lists it (the columns before `void_reason`, the only free text). */
export interface CsvVote {
  id: number;
  entryId: number;
  accountId: number;
  status: string;
  flags: string[];
  networkKey: string;
  castAt: string;
}

/** The rows of `GET /api/contests/{id}/votes.csv` (VOTES_CSV_HEADER's order). */
export function parseVotesCsv(csv: string): CsvVote[] {
  return csv
    .split(/\r?\n/)
    .slice(1)
    .filter(Boolean)
    .map((line) => {
      const [id, entryId, accountId, status, flags, , networkKey, , castAt] = line.split(',');
      return {
        id: Number(id),
        entryId: Number(entryId),
        accountId: Number(accountId),
        status: status ?? '',
        flags: (flags ?? '').split(' ').filter(Boolean),
        networkKey: networkKey ?? '',
        castAt: castAt ?? '',
      };
    });
}

import { Tab, Tabs } from '@mui/material';
import { ROUND_KIND_LABELS, ROUND_STATUS_LABELS, type RoundResponse } from '@app/domain';

/** The judging page's round selector (issue 47), for a contest of two rounds or more. */
export function RoundSelector({
  rounds,
  value,
  onChange,
}: {
  rounds: RoundResponse[];
  value: number;
  onChange: (roundId: number) => void;
}) {
  return (
    <Tabs
      value={value}
      onChange={(_, id: number) => onChange(id)}
      aria-label="Rounds"
      variant="scrollable"
      allowScrollButtonsMobile
    >
      {rounds.map((r) => (
        <Tab
          key={r.id}
          value={r.id}
          label={`Round ${r.position} · ${ROUND_KIND_LABELS[r.kind]} (${ROUND_STATUS_LABELS[r.status].toLowerCase()})`}
        />
      ))}
    </Tabs>
  );
}

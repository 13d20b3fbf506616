import { useState } from 'react';
import { MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { ChartsReferenceLine } from '@mui/x-charts/ChartsReferenceLine';
import { FUNNEL_LABELS, FUNNEL_STEPS, type ContestInsights as Insights } from '@app/domain';
import { useContestInsights } from '../api/get-contest-insights';
import { percent, shareOf } from '../lib/percent';
import { ChartCard } from './chart-card';
import { ChartGrid, ChartsPending } from './chart-grid';

const CHART_HEIGHT = 280;
const DAY_MS = 24 * 60 * 60 * 1000;
const day = (iso: string) => new Date(`${iso.slice(0, 10)}T00:00:00Z`);
const shortDate = (date: Date) =>
  date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

function FunnelChart({ insights, slug }: { insights: Insights; slug: string }) {
  const theme = useTheme();
  const rows = FUNNEL_STEPS.map((step, i) => {
    const count = insights.funnel[step];
    const previous = i === 0 ? count : insights.funnel[FUNNEL_STEPS[i - 1]!];
    return {
      step: FUNNEL_LABELS[step],
      count,
      conversion: shareOf(count, previous),
      ofApplied: shareOf(count, insights.funnel.applied),
    };
  });
  const summary = `Funnel: ${rows
    .map(
      (row, i) =>
        `${row.count} ${row.step.toLowerCase()}${i ? ` (${percent(row.conversion)} of the step before)` : ''}`,
    )
    .join(', ')}.`;
  return (
    <ChartCard
      title="Funnel"
      summary={summary}
      data={{
        columns: ['Step', 'Count', 'Of the step before', 'Of applied'],
        rows: rows.map((row, i) => [
          row.step,
          row.count,
          i ? percent(row.conversion) : '—',
          percent(row.ofApplied),
        ]),
        fileName: `funnel-${slug}.csv`,
      }}
    >
      <BarChart
        height={CHART_HEIGHT}
        layout="horizontal"
        dataset={rows}
        yAxis={[{ scaleType: 'band', dataKey: 'step', width: 80 }]}
        // Room right of the longest bar for its count.
        xAxis={[{ min: 0, max: Math.max(1, Math.ceil(insights.funnel.applied * 1.15)), tickMinStep: 1 }]}
        series={[
          {
            dataKey: 'count',
            label: 'Count',
            color: theme.palette.primary.main,
            barLabel: 'value',
            barLabelPlacement: 'outside',
            valueFormatter: (value, { dataIndex }) =>
              dataIndex ? `${value ?? 0} (${percent(rows[dataIndex]!.conversion)})` : String(value ?? 0),
          },
        ]}
        hideLegend
      />
    </ChartCard>
  );
}

function SubmissionsChart({ insights, slug }: { insights: Insights; slug: string }) {
  const theme = useTheme();
  // "Now" as of the first render: the line ends there.
  const [now] = useState(() => Date.now());
  const deadline = new Date(insights.submission_deadline);
  const days = insights.submissions_by_day;
  const total = days.at(-1)?.cumulative ?? 0;
  // The running total as a line: 0 when the first day began, each day's total at its end, then
  // level until now (or the deadline, if it passed).
  const points: Array<{ at: Date; total: number }> = [];
  if (days.length) {
    points.push({ at: day(days[0]!.date), total: 0 });
    for (const row of days)
      points.push({ at: new Date(day(row.date).getTime() + DAY_MS), total: row.cumulative });
    const until = Math.min(now, deadline.getTime());
    if (until > points.at(-1)!.at.getTime()) points.push({ at: new Date(until), total });
  }
  const first = Math.min(deadline.getTime(), ...points.map((p) => p.at.getTime()));
  const last = Math.max(deadline.getTime(), ...points.map((p) => p.at.getTime()));
  // Room right of the deadline for its label.
  const end = last + Math.max(DAY_MS, (last - first) * 0.2);
  return (
    <ChartCard
      title="Submissions against the deadline"
      summary={`${total} entries submitted over ${days.length} days; the submission deadline is ${shortDate(deadline)}.`}
      data={{
        columns: ['Date', 'Submitted', 'Total so far'],
        rows: days.map((row) => [row.date, row.count, row.cumulative]),
        fileName: `submissions-${slug}.csv`,
      }}
      empty={days.length ? undefined : 'No entries yet: submissions show here day by day.'}
    >
      <LineChart
        height={CHART_HEIGHT}
        xAxis={[
          {
            scaleType: 'time',
            data: points.map((p) => p.at),
            min: new Date(first),
            max: new Date(end),
            domainLimit: 'strict',
            valueFormatter: shortDate,
          },
        ]}
        yAxis={[{ min: 0, width: 48, tickMinStep: 1 }]}
        series={[
          {
            data: points.map((p) => p.total),
            label: 'Entries so far',
            color: theme.palette.primary.main,
            curve: 'linear',
            showMark: false,
          },
        ]}
        hideLegend
      >
        <ChartsReferenceLine
          x={deadline}
          label="Deadline"
          labelAlign="start"
          lineStyle={{ stroke: theme.palette.secondary.main, strokeDasharray: '6 4' }}
          labelStyle={{ fill: theme.palette.secondary.main, fontSize: 12 }}
        />
      </LineChart>
    </ChartCard>
  );
}

function JudgesChart({ insights, slug }: { insights: Insights; slug: string }) {
  const theme = useTheme();
  const rows = insights.judges.map((judge) => ({
    name: judge.name,
    scored: judge.scored,
    left: Math.max(0, judge.total - judge.scored),
    total: judge.total,
  }));
  return (
    <ChartCard
      title="Judging progress"
      summary={`Judging: ${rows.map((row) => `${row.name} scored ${row.scored} of ${row.total}`).join('; ')}.`}
      data={{
        columns: ['Judge', 'Scored', 'Entries', 'Done'],
        rows: rows.map((row) => [row.name, row.scored, row.total, percent(shareOf(row.scored, row.total))]),
        fileName: `judging-${slug}.csv`,
      }}
      empty={rows.length ? undefined : 'No scores yet: each judge shows here with their first score.'}
    >
      <BarChart
        height={Math.max(140, 56 * rows.length + 60)}
        layout="horizontal"
        dataset={rows}
        yAxis={[{ scaleType: 'band', dataKey: 'name', width: 110 }]}
        xAxis={[{ min: 0, tickMinStep: 1 }]}
        series={[
          { dataKey: 'scored', label: 'Scored', stack: 'entries', color: theme.palette.primary.main },
          { dataKey: 'left', label: 'To score', stack: 'entries', color: theme.palette.text.disabled },
        ]}
      />
    </ChartCard>
  );
}

function PlaysChart({ insights, slug }: { insights: Insights; slug: string }) {
  const theme = useTheme();
  const top = insights.entries.slice(0, 10);
  const shown =
    insights.entries_total > insights.entries.length
      ? `the ${insights.entries.length} most played of ${insights.entries_total} entries`
      : `${insights.entries.length} entries`;
  return (
    <ChartCard
      title="Plays by entry"
      summary={`Plays of ${shown}: ${top.map((e) => `${e.title} ${e.plays} plays, ${e.viewers} viewers, ${percent(e.average_watched)} watched on average`).join('; ')}.`}
      data={{
        columns: ['Entry', 'Plays', 'Unique viewers', 'Average watched'],
        rows: insights.entries.map((e) => [e.title, e.plays, e.viewers, percent(e.average_watched)]),
        fileName: `plays-${slug}.csv`,
      }}
      empty={
        insights.entries.some((e) => e.plays > 0) ? undefined : 'No plays yet: the films’ plays show here.'
      }
    >
      <BarChart
        height={Math.max(160, 40 * top.length + 60)}
        layout="horizontal"
        dataset={top.map((e) => ({
          title: e.title.length > 18 ? `${e.title.slice(0, 17)}…` : e.title,
          plays: e.plays,
          viewers: e.viewers,
        }))}
        yAxis={[{ scaleType: 'band', dataKey: 'title', width: 120 }]}
        xAxis={[{ min: 0, tickMinStep: 1 }]}
        series={[
          { dataKey: 'plays', label: 'Plays', color: theme.palette.primary.main },
          { dataKey: 'viewers', label: 'Unique viewers', color: theme.palette.secondary.main },
        ]}
      />
    </ChartCard>
  );
}

function RetentionChart({ insights, slug }: { insights: Insights; slug: string }) {
  const theme = useTheme();
  const [chosen, setChosen] = useState<number | null>(null);
  const entry = insights.entries.find((e) => e.entry_id === chosen) ?? insights.entries[0];
  if (!entry) return null;
  const tenths = entry.retention.map((_, i) => i * 10);
  return (
    <Stack spacing={1}>
      <TextField
        select
        size="small"
        label="Retention of"
        value={entry.entry_id}
        onChange={(event) => setChosen(Number(event.target.value))}
        sx={{ maxWidth: 360 }}
      >
        {insights.entries.map((e) => (
          <MenuItem key={e.entry_id} value={e.entry_id}>
            {e.title}
          </MenuItem>
        ))}
      </TextField>
      <ChartCard
        title={`Retention: ${entry.title}`}
        summary={`Of ${entry.viewers} viewers of ${entry.title}, ${percent(entry.retention[5] ?? 0)} reached the middle and ${percent(entry.retention[10] ?? 0)} the end.`}
        data={{
          columns: ['Point of the film', 'Still watching'],
          rows: entry.retention.map((share, i) => [`${i * 10}%`, percent(share)]),
          fileName: `retention-entry-${entry.entry_id}-${slug}.csv`,
        }}
        empty={entry.viewers ? undefined : 'Nobody has watched this film yet.'}
      >
        <LineChart
          height={CHART_HEIGHT}
          xAxis={[
            {
              scaleType: 'point',
              data: tenths,
              valueFormatter: (v: number) => `${v}%`,
              label: 'Point of the film',
            },
          ]}
          yAxis={[{ min: 0, max: 1, valueFormatter: (v: number) => percent(v), width: 48 }]}
          series={[
            {
              data: entry.retention,
              label: 'Still watching',
              area: true,
              curve: 'linear',
              color: theme.palette.secondary.main,
              valueFormatter: (v) => percent(v ?? 0),
            },
          ]}
          hideLegend
        />
      </ChartCard>
    </Stack>
  );
}

/** A contest's insights (issue 33): funnel, submissions, judging progress, plays and retention. */
export function ContestInsights({ contestId }: { contestId: string }) {
  const { data, error } = useContestInsights(contestId);
  if (!data) return <ChartsPending error={error} height={CHART_HEIGHT} />;
  const slug = `contest-${data.contest_id}`;
  return (
    <Stack spacing={3}>
      <Typography variant="h5" component="p">
        {data.title}
      </Typography>
      <ChartGrid>
        <FunnelChart insights={data} slug={slug} />
        <SubmissionsChart insights={data} slug={slug} />
        <JudgesChart insights={data} slug={slug} />
        <PlaysChart insights={data} slug={slug} />
      </ChartGrid>
      <RetentionChart insights={data} slug={slug} />
    </Stack>
  );
}

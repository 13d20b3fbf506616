import { Stack, Typography } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { INSIGHTS_LIMITS, type StaffInsights } from '@app/domain';
import { formatDuration } from '../../../lib/format';
import { useStaffInsights } from '../api/get-staff-insights';
import { ChartCard } from './chart-card';
import { ChartGrid, ChartsPending } from './chart-grid';

const CHART_HEIGHT = 260;
/** '2026-11-27' → 'Nov 27'. */
const shortDate = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
const seconds = (value: number | null) => (value === null ? '—' : formatDuration(value));

function UploadsChart({ insights }: { insights: StaffInsights }) {
  const theme = useTheme();
  const rows = insights.by_day;
  const uploads = rows.reduce((sum, row) => sum + row.uploads, 0);
  const failed = rows.reduce((sum, row) => sum + row.failed, 0);
  return (
    <ChartCard
      title="Uploads per day"
      summary={`${uploads} uploads in the last ${insights.days} days, of which ${failed} failed processing.`}
      data={{
        columns: ['Date', 'Uploads', 'Failed processing'],
        rows: rows.map((row) => [row.date, row.uploads, row.failed]),
        fileName: `uploads-${insights.days}-days.csv`,
      }}
    >
      <BarChart
        height={CHART_HEIGHT}
        dataset={rows.map((row) => ({ ...row, day: shortDate(row.date) }))}
        xAxis={[{ scaleType: 'band', dataKey: 'day' }]}
        yAxis={[{ min: 0, tickMinStep: 1, width: 40 }]}
        series={[
          { dataKey: 'uploads', label: 'Uploads', color: theme.palette.primary.main },
          { dataKey: 'failed', label: 'Failed processing', color: theme.palette.error.main },
        ]}
      />
    </ChartCard>
  );
}

function ProcessingChart({ insights }: { insights: StaffInsights }) {
  const theme = useTheme();
  const rows = insights.by_day;
  const measured = rows.filter((row) => row.processing_p50_seconds !== null);
  const latest = measured.at(-1);
  return (
    <ChartCard
      title="Processing time"
      summary={
        latest
          ? `Time from upload to playable per day; on ${shortDate(latest.date)} the median was ${seconds(latest.processing_p50_seconds)} and the 95th percentile ${seconds(latest.processing_p95_seconds)}.`
          : 'No video finished processing in this period.'
      }
      data={{
        columns: ['Date', 'Median (s)', '95th percentile (s)'],
        rows: rows.map((row) => [row.date, row.processing_p50_seconds, row.processing_p95_seconds]),
        fileName: `processing-${insights.days}-days.csv`,
      }}
      empty={measured.length ? undefined : 'No video finished processing in this period.'}
    >
      <LineChart
        height={CHART_HEIGHT}
        xAxis={[{ scaleType: 'point', data: rows.map((row) => shortDate(row.date)) }]}
        yAxis={[{ min: 0, width: 48, valueFormatter: (v: number) => `${Math.round(v)} s` }]}
        series={[
          {
            data: rows.map((row) => row.processing_p50_seconds),
            label: 'Median',
            // Days without a finished video are gaps: join the measured days, each one marked.
            connectNulls: true,
            showMark: true,
            color: theme.palette.primary.main,
            valueFormatter: (v) => seconds(v),
          },
          {
            data: rows.map((row) => row.processing_p95_seconds),
            label: '95th percentile',
            // Days without a finished video are gaps: join the measured days, each one marked.
            connectNulls: true,
            showMark: true,
            color: theme.palette.secondary.main,
            valueFormatter: (v) => seconds(v),
          },
        ]}
      />
    </ChartCard>
  );
}

function ReviewQueueChart({ insights }: { insights: StaffInsights }) {
  const theme = useTheme();
  const queue = insights.review_queue;
  return (
    <ChartCard
      title="Review queue by age"
      summary={`${queue.waiting} videos wait for review: ${queue.by_age.map((b) => `${b.count} ${b.label.toLowerCase()}`).join(', ')}.`}
      data={{
        columns: ['Waiting', 'Videos'],
        rows: queue.by_age.map((bucket) => [bucket.label, bucket.count]),
        fileName: 'review-queue-age.csv',
      }}
    >
      <BarChart
        height={CHART_HEIGHT}
        dataset={queue.by_age}
        xAxis={[{ scaleType: 'band', dataKey: 'label' }]}
        yAxis={[{ min: 0, tickMinStep: 1, width: 40 }]}
        series={[{ dataKey: 'count', label: 'Videos waiting', color: theme.palette.secondary.main }]}
        hideLegend
      />
    </ChartCard>
  );
}

/** The staff overview's charts (issue 33): the last 30 days of uploads and processing, the queue now. */
export function StaffOverview() {
  const { data, error } = useStaffInsights(INSIGHTS_LIMITS.daysDefault);
  if (!data) return <ChartsPending error={error} height={CHART_HEIGHT} />;
  return (
    <Stack spacing={2}>
      <Typography sx={{ color: 'text.secondary' }}>
        {data.review_queue.waiting} videos wait for review
        {data.review_queue.oldest_waiting_since
          ? `, the oldest since ${new Date(data.review_queue.oldest_waiting_since).toLocaleDateString('en-US', { month: 'short', day: 'numeric' })}`
          : ''}
        .
      </Typography>
      <ChartGrid>
        <UploadsChart insights={data} />
        <ProcessingChart insights={data} />
        <ReviewQueueChart insights={data} />
      </ChartGrid>
    </Stack>
  );
}

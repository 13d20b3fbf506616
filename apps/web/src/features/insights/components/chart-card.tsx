import { useId, useState, type ReactNode } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import type { CsvValue } from '@app/domain';
import { saveCsv } from '../../../lib/save-file';

export interface ChartData {
  /** Column headings of the table alternative and the CSV. */
  columns: string[];
  rows: CsvValue[][];
  /** The CSV file's name. */
  fileName: string;
}

/**
 * One chart of an insights page: a heading, the chart with an `aria-label` summary, its data as a
 * table behind a toggle (the text alternative) and a CSV download of the same data.
 */
export function ChartCard({
  title,
  summary,
  data,
  children,
  empty,
}: {
  title: string;
  /** One or two sentences saying what the chart shows (read by screen readers). */
  summary: string;
  data: ChartData;
  children: ReactNode;
  /** Shown instead of the chart when there is nothing to draw yet. */
  empty?: string;
}) {
  const [asTable, setAsTable] = useState(false);
  const headingId = useId();
  const regionId = useId();
  return (
    <Card component="section" aria-labelledby={headingId} sx={{ minWidth: 0 }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack
          direction="row"
          sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}
        >
          <Typography id={headingId} component="h2" variant="h5">
            {title}
          </Typography>
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            <Button
              size="small"
              variant="outlined"
              color="inherit"
              aria-pressed={asTable}
              aria-controls={regionId}
              onClick={() => setAsTable((shown) => !shown)}
            >
              {asTable ? 'Show chart' : 'Show table'}
            </Button>
            <Button
              size="small"
              color="inherit"
              startIcon={<DownloadOutlined />}
              onClick={() => saveCsv(data.fileName, data.columns, data.rows)}
            >
              CSV
            </Button>
          </Stack>
        </Stack>
        <Box id={regionId}>
          {asTable ? (
            <TableContainer tabIndex={0} role="region" aria-label={`${title}: data`} sx={{ maxHeight: 420 }}>
              <Table size="small" stickyHeader aria-label={title}>
                <TableHead>
                  <TableRow>
                    {data.columns.map((column) => (
                      <TableCell key={column} scope="col">
                        {column}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.rows.map((row, i) => (
                    <TableRow key={i}>
                      {row.map((cell, j) => (
                        <TableCell
                          key={j}
                          component={j === 0 ? 'th' : 'td'}
                          scope={j === 0 ? 'row' : undefined}
                        >
                          {cell ?? '—'}
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          ) : empty ? (
            <Typography sx={{ color: 'text.secondary', py: 4, textAlign: 'center' }}>{empty}</Typography>
          ) : (
            <Box role="img" aria-label={summary} sx={{ width: '100%', minWidth: 0 }}>
              {children}
            </Box>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}

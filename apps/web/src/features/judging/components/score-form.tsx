import { useState } from 'react';
import { Alert, Box, Button, Chip, Slider, Stack, TextField, Typography } from '@mui/material';
import { JUDGING_LIMITS, type OwnScore, type RubricCriterion } from '@app/domain';
import { ApiError } from '../../../lib/api-client';
import { useSaveScore } from '../api/save-score';

const DEFAULT_MARK = 5;

/** One 1–10 control per rubric criterion (weights shown), feedback for the entrant, save. */
export function ScoreForm({
  entryId,
  label,
  rubric,
  myScore,
  open,
}: {
  entryId: number;
  /** How the entry is named on screen ('Entry 3'), for the controls' names. */
  label: string;
  rubric: RubricCriterion[];
  myScore: OwnScore | null;
  open: boolean;
}) {
  const initial = Object.fromEntries(
    rubric.map((c) => [c.name, myScore?.scores.find((s) => s.criterion === c.name)?.score ?? DEFAULT_MARK]),
  );
  const [marks, setMarks] = useState<Record<string, number>>(initial);
  const [feedback, setFeedback] = useState(myScore?.feedback ?? '');
  const save = useSaveScore(entryId);
  const weighted = rubric.reduce((sum, c) => sum + c.weight * (marks[c.name] ?? DEFAULT_MARK), 0) / 100;
  const error =
    save.error instanceof ApiError ? save.error.userMessage() : save.error ? String(save.error) : null;

  return (
    <Box
      component="form"
      aria-label={`Score ${label}`}
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({
          scores: rubric.map((c) => ({ criterion: c.name, score: marks[c.name] ?? DEFAULT_MARK })),
          feedback: feedback.trim(),
        });
      }}
      sx={{ display: 'grid', gap: 2 }}
    >
      {rubric.map((criterion) => (
        <Box key={criterion.name}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
            <Typography variant="subtitle2">
              {criterion.name}{' '}
              <Typography component="span" variant="caption" sx={{ color: 'text.secondary' }}>
                weight {criterion.weight}%
              </Typography>
            </Typography>
            <Typography variant="subtitle2" aria-hidden>
              {marks[criterion.name]}/10
            </Typography>
          </Stack>
          <Slider
            value={marks[criterion.name] ?? DEFAULT_MARK}
            min={JUDGING_LIMITS.scoreMin}
            max={JUDGING_LIMITS.scoreMax}
            step={1}
            marks
            disabled={!open}
            onChange={(_, value) => setMarks((m) => ({ ...m, [criterion.name]: value as number }))}
            slotProps={{ input: { 'aria-label': `${criterion.name} score for ${label}` } }}
          />
        </Box>
      ))}
      <TextField
        label={`Feedback for the entrant of ${label}`}
        value={feedback}
        onChange={(event) => setFeedback(event.target.value)}
        multiline
        minRows={3}
        disabled={!open}
        helperText={`The entrant reads this on their scorecard, signed "Judge n". ${feedback.length}/${JUDGING_LIMITS.feedbackMax}`}
        slotProps={{ htmlInput: { maxLength: JUDGING_LIMITS.feedbackMax } }}
      />
      {error && <Alert severity="error">{error}</Alert>}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Button type="submit" variant="contained" disabled={!open || save.isPending}>
          {myScore ? 'Update score' : 'Save score'}
        </Button>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Weighted: {weighted.toFixed(2)}
        </Typography>
        {myScore ? (
          <Chip
            size="small"
            color="success"
            variant="outlined"
            label={`Saved ${myScore.weighted_score.toFixed(2)}`}
          />
        ) : (
          <Chip size="small" variant="outlined" label="Not scored yet" />
        )}
      </Stack>
    </Box>
  );
}

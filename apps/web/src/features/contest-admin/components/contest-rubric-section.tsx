import { useFieldArray, useWatch } from 'react-hook-form';
import { Box, Button, FormHelperText, IconButton, Stack, TextField, Typography } from '@mui/material';
import { RUBRIC_TOTAL_WEIGHT } from '@app/domain';
import { FormSection, type ContestFormApi } from './contest-form-fields';

/** The judging criteria and their weights, with the running total the weights must reach. */
export function ContestRubricSection({ form }: { form: ContestFormApi }) {
  const { errors } = form.formState;
  const rubric = useFieldArray({ control: form.control, name: 'rubric' });
  const rubricValues = useWatch({ control: form.control, name: 'rubric' });
  const weightSum = (rubricValues ?? []).reduce((sum, c) => sum + (Number(c.weight) || 0), 0);
  return (
    <FormSection title="Judging rubric" id="contest-rubric">
      {rubric.fields.map((field, index) => (
        <Stack key={field.id} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TextField
            label={`Criterion ${index + 1}`}
            sx={{ flex: 1 }}
            error={Boolean(errors.rubric?.[index]?.name)}
            helperText={errors.rubric?.[index]?.name?.message}
            {...form.register(`rubric.${index}.name`)}
          />
          <TextField
            label="Weight %"
            type="number"
            sx={{ width: 110 }}
            slotProps={{ htmlInput: { min: 1, max: 100 } }}
            error={Boolean(errors.rubric?.[index]?.weight)}
            {...form.register(`rubric.${index}.weight`)}
          />
          <IconButton
            aria-label={`Remove criterion ${index + 1}`}
            onClick={() => rubric.remove(index)}
            sx={{ mt: 1 }}
          >
            ×
          </IconButton>
        </Stack>
      ))}
      <Typography
        role="status"
        sx={{
          color:
            weightSum === RUBRIC_TOTAL_WEIGHT || rubric.fields.length === 0 ? 'success.main' : 'warning.main',
        }}
      >
        Weights add up to {weightSum} of {RUBRIC_TOTAL_WEIGHT}.
      </Typography>
      {errors.rubric?.root?.message ? (
        <FormHelperText error>{errors.rubric.root.message}</FormHelperText>
      ) : null}
      <Box>
        <Button
          variant="outlined"
          color="inherit"
          onClick={() =>
            rubric.append({ name: '', weight: String(Math.max(RUBRIC_TOTAL_WEIGHT - weightSum, 1)) })
          }
        >
          Add criterion
        </Button>
      </Box>
    </FormSection>
  );
}

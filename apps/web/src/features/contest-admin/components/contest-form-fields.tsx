import type { ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { Card, CardContent, TextField, Typography, type TextFieldProps } from '@mui/material';
import type { ContestFormValues } from '../lib/contest-form-values';

/** The contest form's react-hook-form handle, shared by its sections. */
export type ContestFormApi = UseFormReturn<ContestFormValues>;

/** The fields of the form typed as text (every field but the lists). */
type TextFieldName = {
  [K in keyof ContestFormValues]: ContestFormValues[K] extends string ? K : never;
}[keyof ContestFormValues];

export const twoColumns = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
} as const;

/** A titled card of the form, labelled by its heading. */
export function FormSection({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
        <Typography id={id} component="h2" variant="h5">
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** A text field registered under `name`; its error message takes the place of the hint. */
export function ContestTextField({
  form,
  name,
  label,
  helperText,
  ...extra
}: { form: ContestFormApi; name: TextFieldName; label: string; helperText?: string } & Omit<
  TextFieldProps,
  'form' | 'name' | 'label' | 'helperText' | 'error'
>) {
  const error = form.formState.errors[name];
  return (
    <TextField
      label={label}
      error={Boolean(error)}
      helperText={error?.message ?? helperText}
      {...extra}
      {...form.register(name)}
    />
  );
}

import { APPROVAL_LIMITS } from '@app/domain';
import { ContestTextField, FormSection, type ContestFormApi } from './contest-form-fields';

/** How many brand approvals an entry's version needs before it counts as approved (issue 49). */
export function ContestApprovalsSection({ form }: { form: ContestFormApi }) {
  return (
    <FormSection title="Sign-off" id="contest-approvals">
      <ContestTextField
        form={form}
        name="approvals_required"
        label="Approvals required"
        type="number"
        helperText={`Brand approvals a version needs before it can be placed in the results (0 to ${APPROVAL_LIMITS.requiredMax}; 0 asks none).`}
        slotProps={{ htmlInput: { min: 0, max: APPROVAL_LIMITS.requiredMax, step: 1 } }}
        sx={{ maxWidth: 320 }}
      />
    </FormSection>
  );
}

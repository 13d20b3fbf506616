import { MenuItem, TextField, type TextFieldProps } from '@mui/material';
import { BRAND_ROLE_LABELS, BRAND_ROLES, type BrandRole } from '@app/domain';

type BrandRoleSelectProps = Omit<TextFieldProps, 'select' | 'value' | 'children' | 'error' | 'helperText'> & {
  value: BrandRole;
  /** The field's error, shown in place of the description. */
  errorText?: string;
  /** Whether the role's description ("Reads only.") shows below the field (not in a row's menu). */
  describe?: boolean;
};

/**
 * The one way to choose a role in a brand's team (issue 49): the domain's roles with their labels,
 * and below the field what the chosen role may do. The Team page's invitation and member rows and
 * staff's invitation form use it.
 */
export function BrandRoleSelect({ value, errorText, describe = true, ...props }: BrandRoleSelectProps) {
  return (
    <TextField
      select
      value={value}
      error={Boolean(errorText)}
      helperText={errorText ?? (describe ? BRAND_ROLE_LABELS[value].description : undefined)}
      {...props}
    >
      {BRAND_ROLES.map((role) => (
        <MenuItem key={role} value={role}>
          {BRAND_ROLE_LABELS[role].label}
        </MenuItem>
      ))}
    </TextField>
  );
}

import type { FieldErrors, FieldValues } from 'react-hook-form';

/** Puts 'products.0.name' style messages into react-hook-form's nested error object. */
export function nestErrors<V extends FieldValues>(flat: Record<string, string>): FieldErrors<V> {
  const root: Record<string, unknown> = {};
  for (const [path, message] of Object.entries(flat)) {
    const keys = path.split('.');
    let node = root;
    keys.slice(0, -1).forEach((key, i) => {
      const next = keys[i + 1]!;
      node[key] ??= /^\d+$/.test(next) ? [] : {};
      node = node[key] as Record<string, unknown>;
    });
    node[keys.at(-1)!] = { type: 'validate', message };
  }
  return root as FieldErrors<V>;
}

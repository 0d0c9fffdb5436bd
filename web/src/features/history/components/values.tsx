import { fieldLabel } from '@vis/domain/field-labels';

/** A stored value in words: lists joined, empty ones as a dash, records by their names, never raw JSON braces. */
export const describeValue = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map(describeValue).join(', ');
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const named = record.name ?? record.projectName ?? record.title ?? record.url;
    if (typeof named === 'string' && named) return named;
    const parts = Object.entries(record)
      .filter(([, item]) => item !== '' && item !== null && item !== undefined && !(Array.isArray(item) && item.length === 0))
      .map(([key, item]) => `${fieldLabel(key) ?? key}: ${describeValue(item)}`);
    return parts.length === 0 ? '—' : parts.join('; ');
  }
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return typeof value === 'string' ? value : JSON.stringify(value);
};

/** A field's name on the screens; the few without a label read as words rather than camelCase. */
export const labelOf = (field: string) =>
  fieldLabel(field) ?? field.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (first) => first.toUpperCase());

import { fieldLabel } from '@vis/domain/field-labels';

/**
 * The server lists a stage's problems in the spec's 'path: message' form (`audienceSegments.0.name: Name is
 * required`); people read the field's name as the screen shows it ('Audience segment 1: Name is required').
 */
export const readableIssue = (issue: string): string => {
  const separator = issue.indexOf(': ');
  if (separator < 0) return issue;
  const [field, index] = issue.slice(0, separator).split('.');
  const message = issue.slice(separator + 2);
  if (field === 'audienceSegments' && index !== undefined && /^\d+$/.test(index)) return `Audience segment ${Number(index) + 1}: ${message}`;
  const label = field === undefined ? undefined : fieldLabel(field);
  // A field without a label the screens use (the domain's FIELD_LABELS): the message alone says enough.
  return label ? `${label}: ${message}` : message;
};

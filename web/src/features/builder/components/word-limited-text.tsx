import { useId } from 'react';
import { Label, Textarea } from '../../../components/ui/field.tsx';
import { cn } from '../../../lib/cn.ts';
import { countWords, limitWords } from '../words.ts';

/**
 * A text with a word limit (spec 02 §5): input beyond the limit is ignored, and a live counter shows 'n/max words'.
 */
export const WordLimitedText = ({
  label,
  value,
  maxWords,
  placeholder,
  onChange,
  onBlur,
}: {
  label: string;
  value: string;
  maxWords: number;
  placeholder?: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
}) => {
  const id = useId();
  const counterId = useId();
  const words = countWords(value);
  return (
    <div>
      <div className="flex items-end justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        <span
          id={counterId}
          className={cn(
            'text-xs tabular-nums',
            words >= maxWords ? 'font-semibold text-amber-700 dark:text-amber-400' : 'text-slate-600 dark:text-slate-400',
          )}
        >
          {words}/{maxWords} words
        </span>
      </div>
      <Textarea
        id={id}
        className="mt-1"
        value={value}
        placeholder={placeholder}
        aria-describedby={counterId}
        onChange={(event) => {
          const next = event.target.value;
          // At the limit, a further word is ignored; a paste that goes over keeps its first words up to the limit.
          if (countWords(next) <= maxWords) onChange(next);
          else if (words < maxWords) onChange(limitWords(next, maxWords));
        }}
        onBlur={onBlur}
      />
    </div>
  );
};

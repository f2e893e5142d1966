import './typed-inputs.css';
import { type ComponentProps, useId, useState } from 'react';
import { type InputProblem, type Reading, readCode, readPrice, readShares } from '../lib/typed-input.ts';
import { useTranslator } from '../lib/use-translator.ts';
import { TextField } from './text-field.tsx';

/**
 * What typed-number inputs share (lib/typed-input.ts has the rule). The field shows exactly what was
 * typed — nothing is reformatted under the cursor or in the middle of an IME composition — and the
 * screen holds the plain value it reads as ("" while empty or refused). A value the screen sets itself
 * (a stepper, "all", a reset) replaces the text.
 */
export type TypedChange = (value: string, problem: InputProblem | null) => void;

export function useTypedText(value: string, onChange: TypedChange, read: (text: string) => Reading) {
  const [text, setText] = useState(value);
  const [told, setTold] = useState(value);
  if (value !== told) {
    // the screen set a value of its own: show it
    setTold(value);
    setText(value);
  }
  const reading = read(text);
  const type = (next: string) => {
    const r = read(next);
    setText(next);
    setTold(r.value);
    onChange(r.value, r.problem);
  };
  return { text, reading, type };
}

/** Why the typed text is refused, under the field (announced as it appears). */
export function InputProblemLine({ id, reading }: { id: string; reading: Reading }) {
  const { t } = useTranslator();
  if (!reading.problem) return null;
  return (
    <p className="k-input-problem" id={id} role="alert" data-testid="input-problem">
      {t(`input.${reading.problem}`, reading.params)}
    </p>
  );
}

interface StepperProps {
  /** The steps on either side of the input: labels for screen readers and what a tap does. */
  down: { label: string; onStep: () => void };
  up: { label: string; onStep: () => void };
}

interface NumberInputProps {
  /** The plain value (the screen's state). */
  value: string;
  /** The plain value ("" while empty or refused) and why the text is refused. */
  onChange: TypedChange;
  /** The input's accessible name. */
  label: string;
  testid?: string;
  name?: string;
  /** − and + buttons around the input. */
  stepper?: StepperProps;
}

/** An input of one kind in a stepper row (or alone), with its problem line under it. */
function NumberInput({
  value,
  onChange,
  label,
  testid,
  name,
  stepper,
  read,
  inputMode,
}: NumberInputProps & { read: (text: string) => Reading; inputMode: 'numeric' | 'decimal' }) {
  const id = useId();
  const { text, reading, type } = useTypedText(value, onChange, read);
  const input = (
    <input
      value={text}
      onChange={(e) => type(e.target.value)}
      inputMode={inputMode}
      autoComplete="off"
      name={name}
      aria-label={label}
      aria-invalid={reading.problem ? true : undefined}
      aria-describedby={reading.problem ? `${id}-problem` : undefined}
      data-testid={testid}
    />
  );
  return (
    <div className="k-typed">
      {stepper ? (
        <div className="k-stepper">
          <button type="button" onClick={stepper.down.onStep} aria-label={stepper.down.label}>
            −
          </button>
          {input}
          <button type="button" onClick={stepper.up.onStep} aria-label={stepper.up.label}>
            +
          </button>
        </div>
      ) : (
        input
      )}
      <InputProblemLine id={`${id}-problem`} reading={reading} />
    </div>
  );
}

/** A number of shares: whole shares only, the numeric keypad. */
export function SharesInput(props: NumberInputProps) {
  return <NumberInput {...props} read={readShares} inputMode="numeric" />;
}

/** A price with the instrument's `decimals`: the decimal keypad when it has decimals. */
export function PriceInput({ decimals, ...props }: NumberInputProps & { decimals: number }) {
  return (
    <NumberInput
      {...props}
      read={(text) => readPrice(text, decimals)}
      inputMode={decimals > 0 ? 'decimal' : 'numeric'}
    />
  );
}

type CodeFieldProps = Omit<ComponentProps<typeof TextField>, 'inputMode' | 'maxLength' | 'onChange'> & {
  /** How many digits the code has. */
  length: number;
  onChange: TypedChange;
};

/**
 * A code of `length` digits (a fund password, a one-time code) in the labelled field of the forms: the
 * numeric keypad, full-width digits read as digits, anything else refused where it was typed.
 */
export function CodeField({ length, value, onChange, ...field }: CodeFieldProps) {
  const id = useId();
  const { text, reading, type } = useTypedText(value, onChange, (t) => readCode(t, length));
  return (
    <div className="k-typed">
      <TextField
        {...field}
        value={text}
        onChange={type}
        inputMode="numeric"
        aria-invalid={reading.problem ? true : undefined}
        aria-describedby={reading.problem ? `${id}-problem` : undefined}
      />
      <InputProblemLine id={`${id}-problem`} reading={reading} />
    </div>
  );
}

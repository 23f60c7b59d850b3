import type { ComponentChildren } from 'preact';

/**
 * Form fields with a label, an optional hint and the API's message for the
 * field right under it (a 422 map, flattened to dotted paths: the field's
 * `name` is that path, e.g. `profile.individual.email`).
 */
interface FieldProps {
  label: string;
  name: string;
  errors?: Record<string, string>;
  hint?: string;
}

/** The message for a field: its own, or the first of its parts (`birthDate.day` shows on `birthDate`). */
export function errorFor(errors: Record<string, string> | undefined, name: string): string | undefined {
  if (!errors) return undefined;
  return errors[name] ?? Object.entries(errors).find(([key]) => key.startsWith(`${name}.`))?.[1];
}

function describedBy(name: string, hint: string | undefined, error: string | undefined): string | undefined {
  const ids = [hint ? `${name}-hint` : '', error ? `${name}-error` : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

function FieldShell({ label, name, hint, error, children }: { label: string; name: string; hint?: string | undefined; error?: string | undefined; children: ComponentChildren }) {
  return (
    <div class={`field${error ? ' field-invalid' : ''}`}>
      <label for={`f-${name}`}>{label}</label>
      {children}
      {hint ? (
        <p class="field-hint" id={`${name}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p class="field-error" id={`${name}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function TextField(
  props: FieldProps & { value: string; onInput: (value: string) => void; type?: string; required?: boolean; placeholder?: string; autoComplete?: string; inputMode?: 'numeric' | 'decimal' | 'text' | 'email' },
) {
  const error = errorFor(props.errors, props.name);
  return (
    <FieldShell label={props.label} name={props.name} hint={props.hint} error={error}>
      <input
        id={`f-${props.name}`}
        name={props.name}
        type={props.type ?? 'text'}
        value={props.value}
        required={props.required}
        placeholder={props.placeholder}
        autoComplete={props.autoComplete ?? 'off'}
        inputMode={props.inputMode}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={describedBy(props.name, props.hint, error)}
        onInput={(event) => props.onInput((event.target as HTMLInputElement).value)}
      />
    </FieldShell>
  );
}

export function SelectField(props: FieldProps & { value: string; onChange: (value: string) => void; options: { value: string; label: string }[]; required?: boolean }) {
  const error = errorFor(props.errors, props.name);
  return (
    <FieldShell label={props.label} name={props.name} hint={props.hint} error={error}>
      <select
        id={`f-${props.name}`}
        name={props.name}
        value={props.value}
        required={props.required}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={describedBy(props.name, props.hint, error)}
        onChange={(event) => props.onChange((event.target as HTMLSelectElement).value)}
      >
        {props.options.map((option) => (
          <option value={option.value} key={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

export function CheckboxGroup(props: { legend: string; name: string; options: { value: string; label: string }[]; values: string[]; onChange: (values: string[]) => void; errors?: Record<string, string> }) {
  const error = errorFor(props.errors, props.name);
  return (
    <fieldset class="checkbox-group" aria-describedby={error ? `${props.name}-error` : undefined}>
      <legend>{props.legend}</legend>
      {props.options.map((option) => (
        <label class="checkbox" key={option.value}>
          <input
            type="checkbox"
            name={props.name}
            value={option.value}
            checked={props.values.includes(option.value)}
            onChange={(event) => {
              const checked = (event.target as HTMLInputElement).checked;
              props.onChange(checked ? [...props.values, option.value] : props.values.filter((value) => value !== option.value));
            }}
          />
          {option.label}
        </label>
      ))}
      {error ? (
        <p class="field-error" id={`${props.name}-error`}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** Field messages the form has no field for, so none is lost. */
export function OtherErrors({ errors, shown }: { errors: Record<string, string>; shown: string[] }) {
  const rest = Object.entries(errors).filter(([key]) => !shown.some((name) => key === name || key.startsWith(`${name}.`)));
  if (rest.length === 0) return null;
  return (
    <ul class="error-note" role="alert">
      {rest.map(([key, message]) => (
        <li key={key}>
          <code>{key}</code>: {message}
        </li>
      ))}
    </ul>
  );
}

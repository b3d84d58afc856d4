import { Field, Input } from '~/components/ui/field';
import { useState, type ChangeEvent } from 'react';

type SecondFactorFieldProps = {
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  autoFocus?: boolean;
};

/**
 * The second-factor box of sign-in and of the confirmations (password change, turning it off, deleting the
 * account): the 6 digits of the authenticator app, or, after "Use a recovery code", one of those. The API
 * takes either in the same field; the switch only changes what the box asks for and the phone's keyboard.
 */
export function SecondFactorField({ value, onChange, autoFocus }: SecondFactorFieldProps) {
  const [recovery, setRecovery] = useState(false);
  return (
    <Field
      label={recovery ? 'Recovery code' : 'Enter the 6-digit code from your authenticator app'}
      hint={
        <button
          type="button"
          className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
          onClick={() => setRecovery((previous) => !previous)}
        >
          {recovery ? 'Use the code from your app' : 'Use a recovery code'}
        </button>
      }
    >
      {(id) => (
        <Input
          id={id}
          name="code"
          value={value}
          onChange={onChange}
          autoComplete="one-time-code"
          inputMode={recovery ? 'text' : 'numeric'}
          placeholder={recovery ? 'abcde-12345' : '123 456'}
          maxLength={recovery ? 20 : 7}
          spellCheck={false}
          {...(autoFocus ? { 'data-autofocus': true, autoFocus: true } : {})}
        />
      )}
    </Field>
  );
}

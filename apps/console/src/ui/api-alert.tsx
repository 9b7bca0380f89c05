import { Alert } from '@mantine/core';
import { errorMessage } from '../api/http.ts';

/** A failed call's message (the API's Spanish `msg`), announced as soon as it shows. */
export function ApiAlert({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <Alert color="red" role="alert" title="No se pudo completar">
      {errorMessage(error)}
    </Alert>
  );
}

/** A message of the form itself (before any call), announced the same way. */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" role="alert" title="Revisa el formulario">
      {message}
    </Alert>
  );
}

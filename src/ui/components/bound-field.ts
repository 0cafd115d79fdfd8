/** A form's view-model as its fields see it: a string per field, one setter, one error per field. */
export type FieldForm<F extends string> = Record<F, string> & {
  setField(field: F, value: string): void;
  errors: Partial<Record<F, string>>;
};

/**
 * A TextField's or PasswordField's value, onChange and error, all read from the form's view-model
 * under the same field name (so the three cannot name different fields).
 */
export function boundField<F extends string>(
  form: FieldForm<F>,
  field: NoInfer<F>,
): { value: string; onChange: (value: string) => void; error: string | undefined } {
  return {
    value: form[field],
    onChange: (value) => form.setField(field, value),
    error: form.errors[field],
  };
}

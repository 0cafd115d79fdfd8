import { ValidateBy, type ValidationOptions } from 'class-validator';

/** The value must equal another property of the same form (password confirmation). */
export function MatchesField(property: string, options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'matchesField',
      constraints: [property],
      validator: {
        validate: (value, args) =>
          value === (args?.object as Record<string, unknown> | undefined)?.[property],
      },
    },
    options,
  );
}

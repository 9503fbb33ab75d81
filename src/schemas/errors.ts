import { z } from 'zod';

export const validationIssue = z
  .strictObject({ title: z.string(), source: z.strictObject({ pointer: z.string() }), detail: z.string() })
  .meta({ id: 'ValidationIssue' });

/** Every error body: a message, and for 422 the issues. */
export const errorBody = z
  .union([
    z.strictObject({ message: z.string() }),
    z.strictObject({ message: z.string(), errors: z.array(validationIssue) }),
  ])
  .meta({ id: 'Error' });

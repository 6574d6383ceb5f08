// The trigger tools' builders. The catalog only declares them; each caller wraps one in a factory
// with its own side effect (chat enqueues a job, a channel mention captures the request).
import { z } from 'zod';
import { appTool, type SchemaExtension } from '../../generated/themis';

export interface PrReviewRequest {
  readonly repo: string;
  readonly number: number;
}

export function buildPrReviewTriggerTool(onTrigger: (request: PrReviewRequest) => void) {
  return appTool({
    name: 'trigger_pr_review',
    description: 'Starts a review of a pull request',
    input: z.object({ repo: z.string(), number: z.number().int() }),
    execute: (args) => {
      onTrigger(args);
      return 'review started';
    },
  });
}

/** A JSON-schema property as callers write it, turned into a zod field of the tool's input. */
function zodFor(property: Readonly<Record<string, unknown>>, required: boolean) {
  const base =
    property.type === 'number'
      ? z.number()
      : property.type === 'boolean'
        ? z.boolean()
        : z.string();
  const described =
    typeof property.description === 'string' ? base.describe(property.description) : base;
  return required ? described : described.optional();
}

/** The code generation tool's builder: callers extend its schema (`project`, required, only in mentions). */
export function buildCodeGenerationTool(
  schema: SchemaExtension | undefined,
  onTrigger: (args: Record<string, unknown>) => void,
) {
  const shape: Record<string, z.ZodType> = { instructions: z.string() };
  const required = new Set(schema?.extraRequired ?? []);
  for (const [name, property] of Object.entries(schema?.extraProperties ?? {}))
    shape[name] = zodFor(property, required.has(name));
  return appTool({
    name: 'trigger_code_generation',
    description: 'Starts a code-generation job',
    input: z.object(shape),
    execute: (args) => {
      onTrigger(args);
      return 'code generation started';
    },
  });
}

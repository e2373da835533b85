/** A JSON Schema document as sent to the model in `function.parameters`. */
export type JsonSchema = { readonly [key: string]: unknown };

import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Folder (inside the data directory) holding the shop's policy documents. */
export const POLICIES_DIR = 'policies';

/** The policy documents the assistant may read with the built-in file tools. */
export const POLICY_DOCUMENTS: Readonly<Record<string, string>> = {
  'refunds.md': `# Refund policy

- Shipped and delivered orders can be refunded in full within 30 days of delivery.
- Items that arrive broken or faulty are always refunded in full; no need to send them back.
- Pending orders are not refunded: cancel them instead (the order never left the warehouse).
- Every refund must be confirmed by the customer before it is issued.
`,
  'shipping.md': `# Shipping policy

- Orders ship within 2 business days.
- Delivery inside the EU takes 3 to 5 business days.
- Tracking links are emailed when an order ships.
`,
  'tone.md': `# How we talk to customers

- Be brief and friendly; one short paragraph is enough.
- Never mention internal ids such as the tenant id or refund ids the customer did not ask about.
`,
};

/** Writes any missing policy document under `<dataDir>/policies/`; existing files (maybe edited) are kept. */
export function ensureShopPolicies(dataDir: string): string {
  const dir = join(dataDir, POLICIES_DIR);
  mkdirSync(dir, { recursive: true });
  for (const [file, text] of Object.entries(POLICY_DOCUMENTS)) {
    const path = join(dir, file);
    if (!existsSync(path)) writeFileSync(path, text, 'utf8');
  }
  return dir;
}

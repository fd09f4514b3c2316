/**
 * The routes behind MCP Apps (issue 32; shared/mcpApps.ts has the rules). The renderer's bridge
 * speaks for an app: it reads the app's HTML, and forwards what the app asks (a tool call, a
 * resource read, a log line) to the app's own server only, always naming that server itself.
 */
import { z } from 'zod';
import { maxLength } from '../limits';
import { AppPermissionSchema, McpAppResourceMetaSchema } from '../mcpApps';

const NonBlank = z.string().trim().min(1);
const UiUriSchema = z.string().regex(/^ui:\/\/\S+$/, 'must be a ui:// URI').max(2048);

export const McpAppResourceInputSchema = z.strictObject({ serverId: NonBlank, uri: UiUriSchema });
export type McpAppResourceInput = z.input<typeof McpAppResourceInputSchema>;

/** An app's HTML with the resource's `_meta.ui` (the read result's fields over the list entry's) and the declared CSP domains the policy will not name. */
export const McpAppResourceSchema = z.object({
  uri: z.string(),
  html: z.string(),
  meta: McpAppResourceMetaSchema,
  droppedCspDomains: z.array(z.string()),
  /** Of the permissions the resource declares: those the person allowed for this server (the only ones the sandbox grants), and those never asked (the app's prompt asks). */
  permissions: z.object({ granted: z.array(AppPermissionSchema), undecided: z.array(AppPermissionSchema) }),
});
export type McpAppResource = z.infer<typeof McpAppResourceSchema>;

/** An app's tools/call, for its own server: refused (APP_TOOL_NOT_ALLOWED) unless the tool's visibility names "app". */
export const McpAppCallToolInputSchema = z.strictObject({
  serverId: NonBlank,
  toolName: z.string().min(1).superRefine(maxLength('toolName')),
  args: z.record(z.string(), z.unknown()).default({}),
  callId: NonBlank.optional(),
});
export type McpAppCallToolInput = z.input<typeof McpAppCallToolInputSchema>;

/** An app's notifications/message, into its server's log (stream `log`, logger `app`). */
export const McpAppLogInputSchema = z.strictObject({
  serverId: NonBlank,
  level: z.enum(['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency']),
  data: z.unknown(),
});

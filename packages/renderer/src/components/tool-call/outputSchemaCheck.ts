/** A call's structuredContent checked against the tool's outputSchema (the check is shared with the host). */
export { checkAgainstSchema as checkOutput, type SchemaCheck as OutputCheck, type SchemaIssue as OutputIssue } from '@mcp-common/schemaCheck';

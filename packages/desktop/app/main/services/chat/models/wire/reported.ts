/** An error the provider reported inside a stream (after HTTP 200); the client names it like an HTTP refusal. */
export class ProviderReportedError extends Error {
  constructor(readonly body: unknown) {
    super('The provider reported an error in its stream');
  }
}

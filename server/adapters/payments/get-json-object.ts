/**
 * GET a JSON object from a gateway: null when it answers 404 (it does not know the payment),
 * the object on 200. Any other status, or a body that is not an object, throws `<what> answered
 * ...`. The request is abandoned after `timeoutMs`.
 */
export async function getJsonObject(
  fetchFn: typeof fetch,
  url: string,
  options: { headers: Record<string, string>; timeoutMs: number; what: string },
): Promise<Record<string, unknown> | null> {
  const response = await fetchFn(url, {
    headers: options.headers,
    signal: AbortSignal.timeout(options.timeoutMs),
  });
  if (response.status === 404) {
    await response.body?.cancel();
    return null;
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`${options.what} answered HTTP ${response.status}`);
  }
  const body: unknown = await response.json();
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new Error(`${options.what} answered a non-object`);
  }
  return body as Record<string, unknown>;
}

/** Posts the invite page's form as a browser would (urlencoded), without following a redirect. */
export async function submitInviteForm(link: string, fields: Record<string, string>): Promise<{ status: number; headers: Headers; text: string }> {
  const response = await fetch(link, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'test-browser/1.0' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}


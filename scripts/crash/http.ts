// A thin HTTP client for the crash test: JSON in and out, a session cookie, and a time limit so
// that a request cut off by the kill never hangs the run.

export interface Answer {
  status: number
  body: unknown
}

export class Client {
  cookie = ''
  constructor(readonly url: string) {}

  async call(method: string, path: string, json?: unknown): Promise<Answer> {
    const response = await fetch(this.url + path, {
      method,
      headers: {
        ...(json === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
      },
      ...(json === undefined ? {} : { body: JSON.stringify(json) }),
      signal: AbortSignal.timeout(60_000),
    })
    const text = await response.text()
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null }
  }

  /** A multipart form, as a browser sends it (a plot's record with its photos). */
  async send(path: string, form: FormData): Promise<Answer> {
    const response = await fetch(this.url + path, {
      method: 'POST',
      headers: this.cookie ? { cookie: this.cookie } : {},
      body: form,
      signal: AbortSignal.timeout(60_000),
    })
    const text = await response.text()
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null }
  }

  async signIn(username: string, password: string) {
    const response = await fetch(`${this.url}/api/auth/sign-in/username`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
      signal: AbortSignal.timeout(60_000),
    })
    if (!response.ok) throw new Error(`sign-in as ${username} failed: ${await response.text()}`)
    this.cookie = response.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0])
      .join('; ')
  }
}

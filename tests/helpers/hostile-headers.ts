// Headers an attacker controls, for the suites that check they decide nothing.

/** Proxy headers: without TRUSTED_PROXIES the app trusts none of them, so they change no answer. */
export const FORWARDED_HEADERS = {
  'x-forwarded-host': 'evil.example',
  'x-forwarded-proto': 'https',
  'x-forwarded-for': '203.0.113.9',
  'x-forwarded-port': '8443',
  'x-forwarded-prefix': '/api/auth/update-user?',
  forwarded: 'for=203.0.113.9;host=evil.example;proto=https',
  'x-client-ip': '203.0.113.10',
  'x-real-ip': '203.0.113.11',
}

// better-auth endpoints a forged Host could try to smuggle a request into.
const SMUGGLED_PATHS = [
  '/api/auth/update-user?',
  '/api/auth/sign-up/email#',
  '/api/auth/change-password?x=',
]

/** Host headers that are not a plain host and port: each must get 400 and reach nothing. */
export const HOSTILE_HOSTS = [
  ...SMUGGLED_PATHS.map((path) => `127.0.0.1:3000${path}`),
  'localhost:3000\\api\\auth\\update-user',
  'localhost:3000@evil.example',
  'evil.example/',
  'localhost:3000 evil.example',
  'localhost:99999999',
]

/** A hostile Host with the Origin a browser on that "host" would send, as the attack did. */
export const hostileRequests = HOSTILE_HOSTS.map((host) => ({ host, origin: `http://${host}` }))

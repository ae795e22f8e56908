import lighthouse, { desktopConfig, type Flags, type Result } from 'lighthouse'

export type FormFactor = 'mobile' | 'desktop'

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
export type Category = (typeof CATEGORIES)[number]

export interface FailedAudit {
  category: Category
  id: string
  title: string
  score: number
  displayValue: string
  // Where it fails: node selectors or resource URLs, a few of them.
  where: string[]
}

export interface LighthouseRun {
  scores: Record<Category, number>
  lcp: number
  cls: number
  tbt: number
  finalUrl: string
  benchmarkIndex: number
  version: string
  userAgent: string
  failed: FailedAudit[]
}

// The elements or resources an audit names, found anywhere in its details (tables nest in lists).
function whereOf(audit: Result['audits'][string]): string[] {
  const found = new Set<string>()
  const walk = (value: unknown) => {
    if (found.size >= 3 || value === null || typeof value !== 'object') return
    const item = value as Record<string, unknown>
    const node = item.node as { selector?: string; snippet?: string } | undefined
    if (node?.selector) found.add(`${node.selector} ${node.snippet ?? ''}`.trim())
    else if (typeof item.url === 'string') found.add(item.url)
    else if (typeof item.line === 'string' && typeof item.message === 'string')
      found.add(`${item.message}: ${item.line}`)
    else Object.values(item).forEach(walk)
  }
  walk(audit.details)
  return [...found]
}

// Audits that lose points: binary ones that failed, scored ones below Lighthouse's 'good' 0.9.
function failedAudits(lhr: Result): FailedAudit[] {
  return CATEGORIES.flatMap((category) =>
    lhr.categories[category]!.auditRefs.flatMap((ref) => {
      const audit = lhr.audits[ref.id]!
      const scored = ['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode)
      if (!scored || audit.score === null || audit.score >= 0.9) return []
      const { id, title, score, displayValue = '' } = audit
      return [{ category, id, title, score, displayValue, where: whereOf(audit) }]
    }),
  )
}

export async function runLighthouse(
  url: string,
  port: number,
  formFactor: FormFactor,
  cookie?: string,
): Promise<LighthouseRun> {
  const flags: Flags = {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    // The members pages are only shown signed in; the header rides on every request.
    ...(cookie ? { extraHeaders: { cookie } } : {}),
  }
  const result = await lighthouse(url, flags, formFactor === 'desktop' ? desktopConfig : undefined)
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
  const { lhr } = result
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`)
  const score = (category: Category) => Math.round((lhr.categories[category]?.score ?? NaN) * 100)
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? NaN
  return {
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
    },
    lcp: metric('largest-contentful-paint'),
    cls: metric('cumulative-layout-shift'),
    tbt: metric('total-blocking-time'),
    finalUrl: lhr.finalDisplayedUrl,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    version: lhr.lighthouseVersion,
    userAgent: lhr.environment.hostUserAgent,
    failed: failedAudits(lhr),
  }
}

// The part of autocannon's API the bench uses (the package ships no types).
declare module 'autocannon' {
  interface RequestParams {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  interface Request extends RequestParams {
    setupRequest?: (req: RequestParams, context: Record<string, unknown>) => RequestParams;
  }
  interface Options {
    url: string;
    connections?: number;
    pipelining?: number;
    duration?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: Request[];
  }
  interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
    total: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    /** Answers per HTTP status code. */
    statusCodeStats?: Record<string, { count: number }>;
    '2xx': number;
    duration: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}

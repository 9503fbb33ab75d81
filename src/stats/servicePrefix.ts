/** Where the mock serves the stats service: the frontend's `NEXT_PUBLIC_STATS_API_BASE_PATH`. */
export const STATS_SERVICE_PREFIX = '/stats-service';

export declare const SERVER_PROCESS_ENV: Record<string, string>

// Generated from jobs.openapi.yaml by openapi-typescript: npx openapi-typescript jobs.openapi.yaml -o jobs-types.d.ts
export interface paths {
    "/sessions/{session_id}/jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["listJobs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        JobPage: {
            jobs: components["schemas"]["Job"][];
            next_page_token?: string;
        };
        Job: {
            id: string;
            session_id: string;
            status: components["schemas"]["JobStatus"];
            command: string;
            created_at: number;
            finished_at: number | null;
            exit_code: number | null;
        };
        /** @enum {string} */
        JobStatus: "queued" | "running" | "succeeded" | "failed" | "canceled";
        Error: {
            error: {
                /** @enum {string} */
                code: "invalid_argument" | "not_found" | "internal";
                message: string;
            };
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listJobs: {
        parameters: {
            query?: {
                /** @description jobs.md: "limit: jobs per page, 1 to 100, default 20." */
                limit?: number;
                /** @description jobs.md: "status: only jobs in this status." */
                status?: components["schemas"]["JobStatus"];
                /** @description jobs.md: "page_token: pass the next_page_token of the previous page unchanged." */
                page_token?: string;
            };
            header?: never;
            path: {
                session_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of jobs, newest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JobPage"];
                };
            };
            /** @description jobs.md: "refused with 400 invalid_argument." */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description jobs.md: "An unknown session returns 404 not_found." */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}

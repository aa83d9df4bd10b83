/** The JSON report's format (`schemas/conformance-report.schema.json`); merge-reports reads this one alone. */
export const REPORT_VERSION = 2;

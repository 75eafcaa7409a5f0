import { describeRaces } from './races';

// A scratch database on this server, made and dropped by the harness (decision 0097).
describeRaces('PostgreSQL', process.env.RELIABILITY_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');

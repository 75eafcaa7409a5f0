import { describeRaces } from './races';

describeRaces('PGlite', '');

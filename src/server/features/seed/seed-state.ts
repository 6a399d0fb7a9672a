import type { Db } from '../../platform/db/index';
import type { ProjectsService } from '../projects';
import type { SeedPlatform } from './seed.service';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
const DAY_MS = 86_400_000;

/** One run of the seed: its transaction, clock and the ids given so far (users, profiles, projects by key). */
export class SeedState {
  readonly userIds = new Map<string, string>();
  readonly profileIds = new Map<string, string>();
  readonly projectIds = new Map<string, string>();

  constructor(
    readonly tx: Tx,
    readonly platform: SeedPlatform,
    readonly projectsService: Pick<ProjectsService, 'insertDemoProjects'>,
    readonly passwordHash: string,
    readonly now: number,
    readonly adminEmail: string,
  ) {}

  /** A moment `days` before the seed ran. */
  at(days: number): Date {
    return new Date(this.now - days * DAY_MS);
  }

  /** A calendar date `days` after the seed ran, as YYYY-MM-DD. */
  dateIn(days: number): string {
    return new Date(this.now + days * DAY_MS).toISOString().slice(0, 10);
  }

  userId(email: string): string {
    const id = this.userIds.get(email);
    if (!id) throw new Error(`Demo data refers to an unknown user: ${email}`);
    return id;
  }

  profileId(email: string): string {
    const id = this.profileIds.get(email);
    if (!id) throw new Error(`Demo data refers to an unknown contractor: ${email}`);
    return id;
  }
}

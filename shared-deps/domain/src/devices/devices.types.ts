/** Wire types of devices, subnets and locales (admin-console §3; docs/api.md). */
import type { LocaleLevel } from './locales';

/** A device. */
export interface Device {
  id: string;
  hostname: string;
  serialNumber: string;
  deviceType: string;
  description: string;
  ipAddress: string;
  macAddress: string;
  /** Subnet holding `ipAddress`, '' when none. */
  subnetId: string;
  createdAt: string;
  updatedAt: string;
}

/** Fields of a new or edited device (all but hostname optional, '' clears). */
export interface DeviceInput {
  hostname: string;
  serialNumber?: string;
  deviceType?: string;
  description?: string;
  ipAddress?: string;
  macAddress?: string;
}

/** One refused row of a CSV upload. */
export interface CsvRowError {
  /** 1-based data row (the header is row 0). */
  row: number;
  /** Column name as in the header. */
  column: string;
  message: string;
}

/** CSV upload stats (admin-console §3 "CSV upload stats"). */
export interface CsvUploadStats {
  total: number;
  created: number;
  failed: number;
  errors: CsvRowError[];
}

/** A subnet with its usage. */
export interface Subnet {
  id: string;
  cidr: string;
  name: string;
  description: string;
  network: string;
  last: string;
  size: number;
  /** Devices with an address in it. */
  used: number;
  createdAt: string;
}

/** A locale (admin-console §3). */
export interface Locale {
  id: string;
  level: LocaleLevel;
  name: string;
  /** '' for a location. */
  parentId: string;
  createdAt: string;
}

/** A person a visit names. */
export interface VisitPerson {
  id: string;
  username: string;
}

/** A visit (admin-console §2.2 `/identity/visitor/visit/{id}`): the visitor, host user, sponsor, time window and pass. */
export interface Visit {
  id: string;
  visitor: { givenName: string; familyName: string; emailAddress: string; company: string };
  purpose: string;
  host: VisitPerson;
  sponsor: VisitPerson | null;
  startsAt: string;
  endsAt: string;
  pass: { id: string; passNumber: string; status: string } | null;
  createdAt: string;
}

/** `POST /api2/IDM-v1/Visit` (userAdd). */
export interface VisitInput {
  givenName: string;
  familyName: string;
  emailAddress?: string;
  company?: string;
  purpose?: string;
  hostUserId: string;
  sponsorId?: string;
  startsAt: string;
  endsAt: string;
  /** Up to 5 digits. */
  passNumber?: string;
}

/** `GET /api2/IDM-v1/SubnetIps?id`: a subnet and the addresses its devices use. */
export interface SubnetIps {
  subnet: Subnet;
  addresses: { ipAddress: string; deviceId: string; hostname: string }[];
}

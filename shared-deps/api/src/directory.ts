/**
 * Issue 13 calls: users CSV import and export, search and favourites, devices and ipam, locales
 * (docs/api.md "Users CSV", "Search", "Devices", "Locales").
 */
import type {
  CsvUploadStats,
  Device,
  DirectoryConnectionView,
  DirectorySyncResult,
  DeviceInput,
  Locale,
  LocaleLevel,
  Page,
  PageQuery,
  SearchFavourite,
  SearchResponse,
  Subnet,
  SubnetIps,
  UsersImportResult,
  Visit,
  VisitInput,
} from '@tessera/domain';
import type { HttpSend } from './http';

const IDM = '/api2/IDM-v1';
const SEARCH = '/api2/Search-v1';

/** The issue-13 calls. */
export interface DirectoryCalls {
  /** `POST /api2/IDM-v1/UsersImport` (userAdd): checks (dryRun) or imports a users CSV; nothing is created when any row is bad. VALIDATION field `csv` for a malformed file. */
  importUsers(request: { csv: string; dryRun?: boolean }): Promise<UsersImportResult>;
  /** `GET /api2/IDM-v1/UsersExport` (userView): the tenant's users as CSV text. */
  exportUsers(): Promise<string>;
  /** `GET /api2/Search-v1/SearchTypes` (search): the types the viewer may search. */
  searchTypes(): Promise<{ type: string; label: string }[]>;
  /** `GET /api2/Search-v1/Search/{searchType}?text&skip&take` (search + the type's permission). */
  search(searchType: string, query?: { text?: string; skip?: number; take?: number }): Promise<SearchResponse>;
  /** `GET /user/getFavourites/{userId}`: the viewer's own saved queries. */
  getFavourites(userId: string): Promise<{ savedfavourites: SearchFavourite[] }>;
  /** `POST /user/setFavourites {query, userID}`: saves a query for the viewer. */
  setFavourites(request: { query: string; userID: string; searchType?: string }): Promise<SearchFavourite>;
  /** `DELETE /user/favourites/{id}`. */
  removeFavourite(id: string): Promise<void>;
  /** `GET /api2/IDM-v1/Devices` (deviceView). */
  listDevices(query?: Pick<PageQuery, 'skip' | 'take' | 'search'> & { subnetId?: string }): Promise<Page<Device>>;
  /** `POST /api2/IDM-v1/Device` (deviceAdd). */
  createDevice(request: DeviceInput): Promise<Device>;
  /** `POST /api2/IDM-v1/DevicesBatch` (deviceAdd): CSV upload stats. */
  batchDevices(csv: string): Promise<CsvUploadStats>;
  /** `GET /api2/IDM-v1/Subnets` (deviceIpam). */
  listSubnets(): Promise<Subnet[]>;
  /** `POST /api2/IDM-v1/Subnet` (deviceIpam). */
  createSubnet(request: { cidr: string; name?: string; description?: string }): Promise<Subnet>;
  /** `GET /api2/IDM-v1/Locales`. */
  listLocales(): Promise<Locale[]>;
  /** `POST /api2/IDM-v1/Locale` (configureTeSA). */
  createLocale(request: { level: LocaleLevel; name: string; parentId?: string }): Promise<Locale>;
  /** `GET /api2/IDM-v1/Device?id` (deviceView). */
  getDevice(id: string): Promise<Device>;
  /** `PUT /api2/IDM-v1/Device` (deviceEdit). */
  updateDevice(request: DeviceInput & { id: string }): Promise<Device>;
  /** `POST /api2/IDM-v1/CloneDevice` (deviceAdd): a copy with a new host name (and address). */
  cloneDevice(request: { id: string; hostname: string; ipAddress?: string }): Promise<Device>;
  /** `DELETE /api2/IDM-v1/Subnet/{id}` (deviceIpam): CONFLICT while a device uses it. */
  deleteSubnet(id: string): Promise<void>;
  /** `GET /api2/IDM-v1/SubnetIps?id` (deviceIpam). */
  subnetIps(id: string): Promise<SubnetIps>;
  /** `PUT /api2/IDM-v1/Locale` (configureTeSA). */
  renameLocale(request: { id: string; name: string }): Promise<Locale>;
  /** `DELETE /api2/IDM-v1/Locale/{id}` (configureTeSA): CONFLICT while it holds others. */
  deleteLocale(id: string): Promise<void>;
  /** `GET /api2/IDM-v1/Visit?id` (userView). */
  getVisit(id: string): Promise<Visit>;
  /** `POST /api2/IDM-v1/Visit` (userAdd). */
  createVisit(request: VisitInput): Promise<Visit>;
  /** `GET /api2/IDM-v1/DirectoryConnection` (workflow). */
  directoryConnection(): Promise<DirectoryConnectionView>;
  /** `POST /api2/IDM-v1/LdapSync` (workflow): syncs the tenant's users with its directory. */
  ldapSync(): Promise<DirectorySyncResult>;
}

/** The issue-13 calls over `send`. */
export function directoryCalls(send: HttpSend): DirectoryCalls {
  return {
    importUsers: (request) => send({ method: 'POST', path: `${IDM}/UsersImport`, body: request }),
    exportUsers: () => send({ method: 'GET', path: `${IDM}/UsersExport` }),
    searchTypes: () => send({ method: 'GET', path: `${SEARCH}/SearchTypes` }),
    search: (searchType, query = {}) => send({ method: 'GET', path: `${SEARCH}/Search/${encodeURIComponent(searchType)}`, query: { ...query } }),
    getFavourites: (userId) => send({ method: 'GET', path: `/user/getFavourites/${encodeURIComponent(userId)}` }),
    setFavourites: (request) => send({ method: 'POST', path: '/user/setFavourites', body: request }),
    removeFavourite: (id) => send({ method: 'DELETE', path: `/user/favourites/${encodeURIComponent(id)}` }),
    listDevices: (query = {}) => send({ method: 'GET', path: `${IDM}/Devices`, query: { ...query } }),
    createDevice: (request) => send({ method: 'POST', path: `${IDM}/Device`, body: request }),
    batchDevices: (csv) => send({ method: 'POST', path: `${IDM}/DevicesBatch`, body: { csv } }),
    listSubnets: () => send({ method: 'GET', path: `${IDM}/Subnets` }),
    createSubnet: (request) => send({ method: 'POST', path: `${IDM}/Subnet`, body: request }),
    listLocales: () => send({ method: 'GET', path: `${IDM}/Locales` }),
    createLocale: (request) => send({ method: 'POST', path: `${IDM}/Locale`, body: request }),
    getDevice: (id) => send({ method: 'GET', path: `${IDM}/Device`, query: { id } }),
    updateDevice: (request) => send({ method: 'PUT', path: `${IDM}/Device`, body: request }),
    cloneDevice: (request) => send({ method: 'POST', path: `${IDM}/CloneDevice`, body: request }),
    deleteSubnet: (id) => send({ method: 'DELETE', path: `${IDM}/Subnet/${encodeURIComponent(id)}` }),
    subnetIps: (id) => send({ method: 'GET', path: `${IDM}/SubnetIps`, query: { id } }),
    renameLocale: (request) => send({ method: 'PUT', path: `${IDM}/Locale`, body: request }),
    deleteLocale: (id) => send({ method: 'DELETE', path: `${IDM}/Locale/${encodeURIComponent(id)}` }),
    getVisit: (id) => send({ method: 'GET', path: `${IDM}/Visit`, query: { id } }),
    createVisit: (request) => send({ method: 'POST', path: `${IDM}/Visit`, body: request }),
    directoryConnection: () => send({ method: 'GET', path: `${IDM}/DirectoryConnection` }),
    ldapSync: () => send({ method: 'POST', path: `${IDM}/LdapSync` }),
  };
}

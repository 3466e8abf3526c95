/**
 * @tessera/agent-protocol: the gRPC service between the agent and the server's agent hub, defined
 * once in `proto/agent.proto`, and the TypeScript shapes of its messages. Node only (server, agent).
 */
import path from 'node:path';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';

/** Path of the .proto file. */
export const AGENT_PROTO_PATH: string = path.join(__dirname, '..', 'proto', 'agent.proto');

/** Metadata key carrying `Bearer <agent token>`. */
export const AGENT_TOKEN_METADATA = 'authorization';

/** gRPC status details the hub uses when it refuses a stream. */
export const AGENT_TOKEN_REFUSED = 'agent token refused';

/** Agent → server. */
export interface AgentMessage {
  hello?: { agentVersion: string; backend: string; hostname: string };
  reply?: AgentReply;
  event?: AgentEvent;
}

/** The answer to one request. */
export interface AgentReply {
  id: string;
  ok: boolean;
  json: string;
  errorCode: string;
  errorMessage: string;
}

/** A reader/card event or progress. */
export interface AgentEvent {
  type: string;
  readerName: string;
  json: string;
}

/** Server → agent. */
export interface ServerMessage {
  request?: AgentRequest;
  goodbye?: { reason: string };
  welcome?: { agentId: string; resumeToken: string };
}

/** One call for the agent. */
export interface AgentRequest {
  id: string;
  method: string;
  json: string;
}

/** The AgentHub service definition and a client constructor. */
export interface AgentHubDefinition {
  service: grpc.ServiceDefinition;
  Client: grpc.ServiceClientConstructor;
}

let cached: AgentHubDefinition | undefined;

/** Loads the service from the .proto (camelCase fields, oneof names kept). */
export function loadAgentHub(): AgentHubDefinition {
  if (cached) return cached;
  const packageDefinition = protoLoader.loadSync(AGENT_PROTO_PATH, { keepCase: false, longs: String, enums: String, defaults: true, oneofs: true });
  const loaded = grpc.loadPackageDefinition(packageDefinition) as unknown as { tessera: { agent: { v1: { AgentHub: grpc.ServiceClientConstructor } } } };
  const Client = loaded.tessera.agent.v1.AgentHub;
  cached = { service: Client.service, Client };
  return cached;
}

/** Method names the agent answers. */
export const AGENT_METHODS = ['Ping', 'ListReaders', 'GetReader', 'ValidatePin', 'ListPrinters', 'KillSession'] as const;
/** One of {@link AGENT_METHODS}. */
export type AgentMethod = (typeof AGENT_METHODS)[number];

/** A reader as the agent reports it (signin §3 "Smartcard reader"). */
export interface AgentReader {
  name: string;
  cardPresent: boolean;
  smartcard: { serialNumber: string; atr: string; cardType: string } | null;
  printer: { name: string; isCardPrinter: boolean } | null;
  status: string;
  processing: boolean;
}

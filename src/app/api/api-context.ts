import { createContext, use } from 'react';
import type { HttpClient } from './http-client';

/** Makes a client for an organization's token (or the public one for null). */
export type HttpClientFactory = (slug: string | null) => HttpClient;

/** The nearest client: public outside an organization, that organization's inside /:domain. */
export const ApiContext = createContext<HttpClient | null>(null);
export const ApiFactoryContext = createContext<HttpClientFactory | null>(null);

export function useApi(): HttpClient {
  const client = use(ApiContext);
  if (!client) throw new Error('useApi needs an <ApiContext> provider.');
  return client;
}

export function useApiFactory(): HttpClientFactory {
  const factory = use(ApiFactoryContext);
  if (!factory) throw new Error('useApiFactory needs an <ApiFactoryContext> provider.');
  return factory;
}

import { REST_ROUTES } from '../../protocol/api/rest-routes';
import type { FastifyInstance } from 'fastify';
import {
  categoryCreateBody,
  categoryDeleteQuery,
  categoryPositionBody,
  categoryRenameBody,
  snippetCategoriesBody,
  snippetCreateBody,
  snippetIdParams,
  snippetUpdateBody,
} from '../../protocol/api/snippet-requests';
import type { Snippet, SnippetCategory } from '../../protocol/documents';
import { PAGE_PERMISSIONS } from '../../protocol/roles';
import { MUTATION_ROUTES } from '../../protocol/mutations/mutation-input';
import { assertCan } from '../agents/permissions';
import type { AppContext } from '../app-context';
import { requireSession, signedIn } from '../http/auth-hook';
import { parseInput } from '../http/parse-input';
import { registerRoute } from '../http/protocol-route';
import { runMutation } from '../mutations/run-mutation';
import { createCategory, deleteCategory, moveCategoryTo, renameCategory } from './category-writes';
import { toSnippet, toSnippetCategory } from './snippet-model';
import { recordOnboardingStep } from '../onboarding/onboarding-writes';
import { createSnippet, deleteSnippet, setSnippetCategories, updateSnippet, useSnippet } from './snippet-writes';

/**
 * The snippet library (§7 `snippets/…`). Every agent reads and uses snippets; changing the
 * library needs the snippets page's permission (§6 `snippet.*`), checked before anything else
 * so that a refused agent learns nothing about which ids exist.
 */
export function registerSnippetRoutes(app: FastifyInstance, ctx: AppContext): void {
  const preHandler = requireSession(ctx);
  const library = PAGE_PERMISSIONS.snippets;

  registerRoute(app, REST_ROUTES.snippets, { preHandler }, async (request): Promise<{ snippets: Snippet[]; categories: SnippetCategory[] }> => {
    const orgId = signedIn(request).organization.id;
    const [snippets, categories] = await Promise.all([
      ctx.db.selectFrom('snippets').selectAll().where('org_id', '=', orgId).orderBy('id').execute(),
      ctx.db.selectFrom('snippet_categories').selectAll().where('org_id', '=', orgId).orderBy('id').execute(),
    ]);
    return { snippets: snippets.map(toSnippet), categories: categories.map(toSnippetCategory) };
  });

  registerRoute(app, MUTATION_ROUTES['create-snippet'], { preHandler }, (request, reply) =>
    runMutation(
      ctx,
      request,
      reply,
      async (write, caller) => {
        assertCan(caller.agent, library);
        const snippet = await createSnippet(write, caller.agent.id, parseInput(snippetCreateBody, request.body));
        await recordOnboardingStep(write, caller.organization.id, 'snippet-or-article');
        return snippet;
      },
      { status: 201 },
    ),
  );

  registerRoute(app, MUTATION_ROUTES['create-snippet-category'], { preHandler }, (request, reply) =>
    runMutation(
      ctx,
      request,
      reply,
      async (write, caller) => {
        assertCan(caller.agent, library);
        return createCategory(write, parseInput(categoryCreateBody, request.body));
      },
      { status: 201 },
    ),
  );

  registerRoute(app, MUTATION_ROUTES['rename-snippet-category'], { preHandler }, (request, reply) =>
    runMutation(ctx, request, reply, async (write, caller) => {
      assertCan(caller.agent, library);
      const { id } = parseInput(snippetIdParams, request.params);
      return renameCategory(write, id, parseInput(categoryRenameBody, request.body).name);
    }),
  );

  registerRoute(app, MUTATION_ROUTES['move-snippet-category'], { preHandler }, (request, reply) =>
    runMutation(ctx, request, reply, async (write, caller) => {
      assertCan(caller.agent, library);
      const { id } = parseInput(snippetIdParams, request.params);
      return { categories: await moveCategoryTo(write, id, parseInput(categoryPositionBody, request.body)) };
    }),
  );

  registerRoute(app, MUTATION_ROUTES['delete-snippet-category'], { preHandler }, (request, reply) =>
    runMutation(ctx, request, reply, async (write, caller) => {
      assertCan(caller.agent, library);
      const { id } = parseInput(snippetIdParams, request.params);
      return deleteCategory(write, id, parseInput(categoryDeleteQuery, request.query).move_to);
    }),
  );

  registerRoute(app, MUTATION_ROUTES['update-snippet'], { preHandler }, (request, reply) =>
    runMutation(ctx, request, reply, async (write, caller) => {
      assertCan(caller.agent, library);
      const { id } = parseInput(snippetIdParams, request.params);
      return updateSnippet(write, id, parseInput(snippetUpdateBody, request.body));
    }),
  );

  registerRoute(app, MUTATION_ROUTES['delete-snippet'], { preHandler }, (request, reply) =>
    runMutation(ctx, request, reply, async (write, caller) => {
      assertCan(caller.agent, library);
      return deleteSnippet(write, parseInput(snippetIdParams, request.params).id);
    }),
  );

  registerRoute(app, MUTATION_ROUTES['categorize-snippet'], { preHandler }, (request, reply) =>
    runMutation(ctx, request, reply, async (write, caller) => {
      assertCan(caller.agent, library);
      const { id } = parseInput(snippetIdParams, request.params);
      return setSnippetCategories(write, id, parseInput(snippetCategoriesBody, request.body).categories);
    }),
  );

  /** Any agent inserting a snippet counts a use (usage shows on the snippets page). */
  registerRoute(app, MUTATION_ROUTES['use-snippet'], { preHandler }, (request, reply) =>
    runMutation(ctx, request, reply, async (write) => useSnippet(write, parseInput(snippetIdParams, request.params).id)),
  );
}

-- Hand-written (drizzle-kit generate --custom). A budget may carry what is left (or overspent) into the
-- same category's budget of the next month, as envelope budgeting does; off for every existing budget.
ALTER TABLE "budgets" ADD COLUMN "rollover" boolean DEFAULT false NOT NULL;

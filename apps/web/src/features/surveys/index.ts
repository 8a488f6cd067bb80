/**
 * Surveys. Pages (lazy-loaded by the router from their own files):
 * - /app/surveys → SurveysListPage (./SurveysListPage)
 * - /app/surveys/add, /:id/edit → <SurveyFormPage mode="create|edit" /> (./SurveyFormPage)
 * - /app/surveys/:id/dashboard → SurveyDashboardPage (./SurveyDashboardPage)
 * For other features: the query keys and the enabled surveys' choices (the campaign's survey when a ticket closes).
 */
export { surveyKeys, useSurveyChoices } from './api';

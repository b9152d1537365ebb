// Where each declared endpoint is called: its name, method and path, without its schemas, so that a screen's code
// carries only the addresses it calls (docs/decisions/046-one-declaration-per-endpoint.md). The declarations
// (./auth.ts, ./planning.ts, ./shops.ts, ...) take their address from here.
import type { HttpMethod } from '../endpoint';

// Method and path say which endpoint it is (the web's client finds the declaration's types by them).
const at = <const M extends HttpMethod, const P extends string>(method: M, path: P) => ({ method, path });

// Sign-in and the session (./auth.ts).
export const health = at('GET', '/health');
export const authConfig = at('GET', '/auth/config');
export const demoSignIn = at('POST', '/auth/demo');
export const signIn = at('GET', '/auth/login');
export const signInCallback = at('GET', '/auth/callback');
export const signOut = at('POST', '/auth/logout');
export const whoAmI = at('GET', '/me');

// The lists the app loads once (./reference.ts).
export const countries = at('GET', '/countries');
export const brands = at('GET', '/brands');
export const competitorBrands = at('GET', '/competitorbrands');
export const contactTypes = at('GET', '/contacttypes');
export const visitTypes = at('GET', '/visittypes');
export const todoTypes = at('GET', '/todotypes');
export const todoStatuses = at('GET', '/todostatuses');
export const citiesOfCountry = at('GET', '/countries/:id/cities');

// Users and employees (./people.ts).
export const users = at('GET', '/users');
export const userById = at('GET', '/users/:id');
export const userByEmail = at('GET', '/User/GetUserByEmail/:email');
export const employees = at('GET', '/employees');
export const employeeById = at('GET', '/employees/:id');
export const employeeOfUser = at('GET', '/employees/user/:userId');
export const appointmentsOfEmployee = at('GET', '/employees/:id/appointments');

// Shops (./shops.ts).
export const shopList = at('GET', '/shops');
export const shopById = at('GET', '/shops/:id');
export const prospectionsOfShop = at('GET', '/shops/:id/prospections');
export const brandsOfShop = at('GET', '/shops/:id/brands');
export const selloutOfShop = at('GET', '/shops/:id/sellout');
export const contactInfoOfShop = at('GET', '/contactinfo/:shopId/:code');
export const createAddress = at('POST', '/addresses');
export const createContact = at('POST', '/contacts');
export const createShop = at('POST', '/shops');
export const registerShop = at('POST', '/shops/register');
export const submitVisit = at('POST', '/shops/:id/prospections');

// Visits and their parts (./prospections.ts).
export const prospectionById = at('GET', '/prospections/:id');
export const brandsOfProspection = at('GET', '/prospections/:id/brands');
export const competitorBrandsOfProspection = at('GET', '/prospections/:id/competitorbrands');
export const brandInterestsOfProspection = at('GET', '/prospections/:id/brandinterests');
export const todosOfProspection = at('GET', '/prospections/:id/todos');
export const createProspection = at('POST', '/prospections');
export const replaceProspectionBrands = at('PUT', '/prospections/:id/brands');
export const replaceProspectionCompetitorBrands = at('PUT', '/prospections/:id/competitorbrands');
export const replaceProspectionBrandInterests = at('PUT', '/prospections/:id/brandinterests');
export const replaceProspectionTodos = at('PUT', '/prospections/:id/todos');

// Photos of a visit (./photos.ts).
export const photosOfProspection = at('GET', '/prospections/:prospectionId/photos');
export const photosOfShop = at('GET', '/shops/:shopId/photos');
export const photoFile = at('GET', '/photos/:photoId');
export const photoThumb = at('GET', '/photos/:photoId/thumb');
export const uploadPhoto = at('PUT', '/prospections/:prospectionId/photos/:photoId');
export const deletePhoto = at('DELETE', '/prospections/:prospectionId/photos/:photoId');

// To-dos (./todos.ts).
export const createTodo = at('POST', '/todos');
export const assigneesOfTodo = at('GET', '/todos/:id/employees');
export const replaceTodoAssignees = at('PUT', '/todos/:id/employees');
export const todosOfEmployee = at('GET', '/employees/:employeeId/todos');
export const changeTodoStatus = at('PATCH', '/todos/:id');

// The sample report (./reports.ts).
export const reportOfEmployee = at('GET', '/prospectionreport/employee/:employeeId');
export const createReport = at('POST', '/prospectionreport');
export const updateReport = at('PUT', '/prospectionreport/:id');

// Planning (./planning.ts).
export const createAppointment = at('POST', '/appointments');
export const updateAppointment = at('PATCH', '/appointments/:ref');
export const deleteAppointment = at('DELETE', '/appointments/:ref');
export const importAppointments = at('POST', '/appointments/import');
export const todaysAppointments = at('GET', '/me/today');
export const dueShopsOfMine = at('GET', '/me/due-shops');
export const shopPlanOf = at('GET', '/shops/:id/plan');
export const calendarSubscriptionStatus = at('GET', '/calendar/subscription');
export const startCalendarSubscription = at('POST', '/calendar/subscription');
export const revokeCalendarSubscription = at('DELETE', '/calendar/subscription');
export const calendarFeed = at('GET', '/calendar/feed/:token.ics');

// The overview: the team's for managers, her own for a rep (./overview.ts).
export const teamVisits = at('GET', '/overview/visits');
export const teamCoverage = at('GET', '/overview/coverage');
export const teamTodos = at('GET', '/overview/todos');
export const teamBrands = at('GET', '/overview/brands');
export const teamExportXlsx = at('GET', '/overview/export.xlsx');
export const teamExportCsv = at('GET', '/overview/export.csv');
export const ownVisits = at('GET', '/my/overview/visits');
export const ownCoverage = at('GET', '/my/overview/coverage');
export const ownTodos = at('GET', '/my/overview/todos');
export const ownBrands = at('GET', '/my/overview/brands');
export const ownExportXlsx = at('GET', '/my/overview/export.xlsx');
export const ownExportCsv = at('GET', '/my/overview/export.csv');

// The administration, beheerder only (./admin.ts).
export const adminPeople = at('GET', '/admin/people');
export const createPerson = at('POST', '/admin/people');
export const updatePerson = at('PATCH', '/admin/people/:userId');
export const adminBrands = at('GET', '/admin/brands');
export const createBrand = at('POST', '/admin/brands');
export const updateBrand = at('PATCH', '/admin/brands/:id');
export const mergeBrand = at('POST', '/admin/brands/:id/merge');
export const adminCompetitorBrands = at('GET', '/admin/competitor-brands');
export const createCompetitorBrand = at('POST', '/admin/competitor-brands');
export const updateCompetitorBrand = at('PATCH', '/admin/competitor-brands/:id');
export const mergeCompetitorBrand = at('POST', '/admin/competitor-brands/:id/merge');
export const mergeShop = at('POST', '/admin/shops/:id/merge');
export const shopMergeCandidates = at('GET', '/admin/shops/:id/merge-candidates');
export const auditLog = at('GET', '/admin/log');
export const importColumns = at('POST', '/admin/imports/columns');
export const importCities = at('POST', '/admin/imports/cities');
export const importShops = at('POST', '/admin/imports/shops');
